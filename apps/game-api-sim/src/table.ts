/** An in-memory table of records with numeric ids, as the catalogues and vehicles need. */
export class Table<T extends { id: number }> {
  private readonly rows = new Map<number, T>();

  constructor(initial: readonly T[] = []) {
    for (const row of initial) this.rows.set(row.id, structuredClone(row));
  }

  list(): T[] {
    return [...this.rows.values()].sort((a, b) => a.id - b.id);
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  /** New ids continue after the highest one ever seen in the table, like an auto-increment column. */
  create(input: Omit<T, 'id'>): T {
    const row = { ...input, id: this.nextId() } as T;
    this.rows.set(row.id, row);
    return row;
  }

  update(id: number, input: Omit<T, 'id'>): T | undefined {
    if (!this.rows.has(id)) return undefined;
    const row = { ...input, id } as T;
    this.rows.set(id, row);
    return row;
  }

  delete(id: number): boolean {
    return this.rows.delete(id);
  }

  private highest = 0;
  private nextId(): number {
    this.highest = Math.max(this.highest, ...this.rows.keys());
    return ++this.highest;
  }
}
