/** Saves a download the SPA fetched itself (with the CSRF header the BFF requires) under the BFF's name. */
export async function saveDownload(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name ?? fallbackName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
