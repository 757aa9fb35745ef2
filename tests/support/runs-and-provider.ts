/** The usual fixture of a test file: a temporary runs folder and a fake model provider, both closed after all tests. */
import { afterAll, beforeAll } from 'vitest';
import { startFakeProvider, type FakeProvider } from './fake-provider.js';
import { tempRunsDir } from './run-dir.js';

/** Registers the hooks; the returned object's fields are set once the tests run. */
export function useRunsAndProvider(): { readonly runs: ReturnType<typeof tempRunsDir>; readonly provider: FakeProvider } {
  let runs: ReturnType<typeof tempRunsDir> | undefined;
  let provider: FakeProvider | undefined;
  beforeAll(async () => {
    runs = tempRunsDir();
    provider = await startFakeProvider();
  });
  afterAll(async () => {
    await provider?.close();
    runs?.cleanup();
  });
  return {
    get runs() {
      return runs!;
    },
    get provider() {
      return provider!;
    },
  };
}
