import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { buildResizerConfig } from './resizer-config';

describe('buildResizerConfig', () => {
  it('runs one engine worker per core by default', () => {
    const config = buildResizerConfig({ STORAGE_DRIVER: 'disk' }, '/data');
    expect(config.jobs.workers).toBe(availableParallelism());
  });

  it('never runs more engine workers than the machine has cores', () => {
    const config = buildResizerConfig(
      { STORAGE_DRIVER: 'disk', ENGINE_WORKERS: availableParallelism() + 3 },
      '/data',
    );
    expect(config.jobs.workers).toBe(availableParallelism());
  });

  it('runs fewer when asked', () => {
    const config = buildResizerConfig({ STORAGE_DRIVER: 'disk', ENGINE_WORKERS: 1 }, '/data');
    expect(config.jobs.workers).toBe(1);
  });
});
