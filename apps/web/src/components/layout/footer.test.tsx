import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from './footer';

describe('Footer', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it("counts the year in Berlin: half past midnight on New Year's Day there is still the old year in UTC", () => {
    // The process's clock in UTC, as on a server in a container.
    vi.stubEnv('TZ', 'UTC');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-31T23:30:00Z'));
    render(
      <MemoryRouter>
        <Footer />
      </MemoryRouter>,
    );
    expect(screen.getByRole('contentinfo').textContent).toContain('© 2024–2027 Nova Legacy');
  });
});
