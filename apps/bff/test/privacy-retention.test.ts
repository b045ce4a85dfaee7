/**
 * The retention the privacy policy states comes from the configuration the BFF enforces (decision
 * 102): AUDIT_RETENTION_DAYS both sets the audit purge's floor and is what /public-config.json (the
 * page's configuration) says.
 */
import { describe, expect, it } from 'vitest';
import { testApp } from './helpers';

async function retentionOf(env: Record<string, string>) {
  const app = await testApp(env);
  try {
    const answer = await app.inject({ method: 'GET', url: '/public-config.json' });
    expect(answer.statusCode).toBe(200);
    return answer.json<{ retention: Record<string, number> }>().retention;
  } finally {
    await app.close();
  }
}

describe('the retention served for the privacy policy', () => {
  it('follows AUDIT_RETENTION_DAYS and the session timeouts', async () => {
    expect(await retentionOf({ AUDIT_RETENTION_DAYS: '90' })).toEqual({
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 10,
      auditDays: 90,
      exportHours: 24,
      privacyRequestDays: 1095,
    });
    expect(
      await retentionOf({
        AUDIT_RETENTION_DAYS: '30',
        SESSION_IDLE_TIMEOUT_SECONDS: '900',
        PRIVACY_REQUEST_RETENTION_DAYS: '365',
      }),
    ).toMatchObject({ auditDays: 30, sessionIdleMinutes: 15, privacyRequestDays: 365 });
  });
});
