// Moved: the mock validates each request in one step (stages/validate-request.ts).
export { toProblemErrors } from './internal/problem-errors.js'
