import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17 §6: `npm audit --omit=dev --audit-level=high` finds nothing the
 * running server ships, or each finding is an exception written here with its
 * reason (and in the README's Security section). The audit asks the registry's
 * advisory endpoint; where that endpoint cannot answer (no network, a mirror
 * that refuses the POST), the test says so and is skipped, loudly.
 */
const run = promisify(execFile);
const endpoint = 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk';

/** Advisories accepted on purpose: package name → why it cannot reach Buildon's users. None today. */
const exceptions: Record<string, string> = {};

type AuditReport = {
  statusCode?: number;
  message?: string;
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
};

const audit = async (): Promise<AuditReport> => {
  try {
    const { stdout } = await run('npm', ['audit', '--omit=dev', '--json'], { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 });
    return JSON.parse(stdout) as AuditReport;
  } catch (error) {
    // npm audit exits 1 when it finds something; its report is still on stdout.
    const stdout = (error as { stdout?: string }).stdout ?? '';
    try {
      return JSON.parse(stdout) as AuditReport;
    } catch {
      return { message: error instanceof Error ? error.message : String(error) };
    }
  }
};

describe('npm audit of what the server ships (issue 17 §6)', () => {
  it('finds no high or critical advisory outside the documented exceptions', async (context) => {
    const report = await audit();
    if (!report.vulnerabilities) {
      console.warn(`skipped: no npm advisory service at ${endpoint} (${report.message ?? `status ${report.statusCode}`})`);
      context.skip();
      return;
    }
    const serious = Object.entries(report.vulnerabilities)
      .filter(([, finding]) => finding.severity === 'high' || finding.severity === 'critical')
      .map(([name]) => name)
      .filter((name) => !(name in exceptions));
    expect(serious, 'high or critical advisories in production dependencies').toEqual([]);
  }, 90_000);
});
