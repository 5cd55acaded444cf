// Types for the test of scripts/check-image.js (plain JS: it runs without a build).
export type DockerCopy = { from?: string; sources: string[]; dest: string; intoDir: boolean }
export type DockerStage = {
  name?: string
  env: Record<string, string>
  workdir: string
  entrypoint?: string[]
  copies: DockerCopy[]
}
export function finalStage(dockerfileText: string): DockerStage & { stageNamed(name: string): DockerStage | undefined }
export function missingBeforeInstall(
  dockerfileText: string,
  packageJson: { scripts?: Record<string, string> },
): string[]
export function installsBesideLockfile(dockerfileText: string): string[]
export function dockerIgnore(text: string): (relative: string) => boolean
export function readFlyToml(text: string): {
  top: Record<string, string>
  env: Record<string, string>
  metrics: Record<string, string>
}
export function litefsCommands(text: string): string[]
