import type { z } from '@hono/zod-openapi'
import type { ProblemError } from '../../schemas/problem.js'
import { TARGET_ROOT, toPointer, type ValidationTarget } from './to-pointer.js'

const isTarget = (target: string): target is ValidationTarget => target in TARGET_ROOT

/** Every Zod issue as `{ pointer, message }`: all broken fields, not just the first. */
export const toProblemErrors = (
  target: string,
  issues: readonly z.core.$ZodIssue[],
): ProblemError[] =>
  issues.map((issue) => ({
    pointer: isTarget(target) ? toPointer(target, issue.path) : `/${target}`,
    message: issue.message,
  }))
