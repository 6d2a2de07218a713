import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules of eslint.config.js are the architecture (docs/architecture.md). Each case lints a
 * file that breaks one on purpose, at a path inside the real tree, and expects the refusal.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIdsFor(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('architecture rules', () => {
  it('refuses a feature that imports another feature', async () => {
    const ids = await ruleIdsFor(
      'src/features/payment/components/broken.ts',
      "import { setPickupDateRequest } from '../../pickup/api/pickup';\nexport const x = setPickupDateRequest;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('lets a feature import its own files and shared plumbing', async () => {
    const ids = await ruleIdsFor(
      'src/features/payment/components/fine.ts',
      "import { api } from '../../../lib/api-client';\nexport const x = api;\n",
    );
    expect(ids).not.toContain('import-x/no-restricted-paths');
  });

  it('refuses shared plumbing that imports a feature', async () => {
    const ids = await ruleIdsFor(
      'src/lib/broken.ts',
      "import { setPickupDateRequest } from '../features/pickup/api/pickup';\nexport const x = setPickupDateRequest;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses the app importing the server, and the contract importing either side', async () => {
    const app = await ruleIdsFor(
      'src/lib/broken.ts',
      "import { buildApp } from '../../server/app';\nexport const x = buildApp;\n",
    );
    expect(app).toContain('import-x/no-restricted-paths');
    const contract = await ruleIdsFor(
      'contract/broken.ts',
      "import { api } from '../src/lib/api-client';\nexport const x = api;\n",
    );
    expect(contract).toContain('import-x/no-restricted-paths');
  });

  it('refuses a service worker that imports a feature', async () => {
    const ids = await ruleIdsFor(
      'sw/broken.ts',
      "import { setPickupDateRequest } from '../src/features/pickup/api/pickup';\nexport const x = setPickupDateRequest;\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('refuses a route that queries the database itself or casts its request', async () => {
    const query = await ruleIdsFor(
      'server/routes/broken.ts',
      "import { eq } from 'drizzle-orm';\nexport const x = eq;\n",
    );
    expect(query).toContain('no-restricted-imports');
    const cast = await ruleIdsFor(
      'server/routes/broken.ts',
      'export const x = (req: { body: unknown }) => req.body as { email: string };\n',
    );
    expect(cast).toContain('no-restricted-syntax');
  });

  it('refuses an IndexedDB store opened outside the registry of device stores', async () => {
    const ids = await ruleIdsFor(
      'src/features/payment/stores/broken.ts',
      "import { createStore } from 'idb-keyval';\nexport const db = createStore('rc-elsewhere', 'things');\n",
    );
    expect(ids).toContain('no-restricted-imports');
    const fine = await ruleIdsFor(
      'src/features/payment/stores/fine.ts',
      "import { deviceStore, PROOF_DRAFTS } from '../../../lib/device-stores';\nexport const db = deviceStore(PROOF_DRAFTS);\n",
    );
    expect(fine).not.toContain('no-restricted-imports');
  });
});
