import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Vitest's order, but with the node project's files before the dom project's. Vitest runs one project after the
 * other, by name (dom first), and within each the longest files first by its cache of durations, or, with no cache
 * (a fresh clone, as CI and the gate's budget assume), the largest files first. Some of the node project's longest
 * files are among its smallest (build-if-needed.test.ts runs a whole build), so a fresh clone ran them last, one
 * worker busy while the other idled. The dom project ends with many short component tests instead, which fill in
 * whatever a long file leaves. Each worker still switches project once.
 */
export class NodeProjectFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    return [
      ...sorted.filter((file) => file.project.name === 'node'),
      ...sorted.filter((file) => file.project.name !== 'node'),
    ]
  }
}
