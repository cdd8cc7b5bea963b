// How `--scenario` tells a file from a shipped scenario's name, and a HAR from a scenario file:
// one rule for the CLI (which must know before it loads anything) and the scenario loader.

/** Whether `--scenario` names a HAR file (its name ends in `.har`), read into a scenario. */
export const isHarPath = (nameOrFile: string) => nameOrFile.toLowerCase().endsWith('.har')

/** Whether `--scenario` names a file (a path, a `.json` or a `.har`) rather than a shipped scenario. */
export const isScenarioPath = (nameOrFile: string) =>
  nameOrFile.includes('/') || nameOrFile.endsWith('.json') || isHarPath(nameOrFile)
