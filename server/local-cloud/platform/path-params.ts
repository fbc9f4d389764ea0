import { invalidRequest } from './errors.ts'

/**
 * The platform's generated servers validate a request's path parameters against its operation's document before the
 * handler runs (kin-openapi's request validator), so an id outside the parameter's schema is 400 invalid_request
 * whether or not anything has it, and only an id inside it can be 404. A service declares its parameters' schemas
 * here, as its newest document gives them, and platformService checks them once for every route.
 */

/** What a document's schema constrains of a path parameter. */
interface PathParamSchema {
  minLength?: number
  maxLength?: number
}

/** A service's path parameters' schemas, by name: those it does not name are not checked. */
export type PathParams = Readonly<Record<string, PathParamSchema>>

/** Each of `names` a string of `minLength` to `maxLength` characters, as the documents' id schemas mostly are. */
export function idsOfLength(names: readonly string[], minLength: number, maxLength: number): PathParams {
  return Object.fromEntries(names.map((name) => [name, { minLength, maxLength }]))
}

/** The first schema violation among `params`, in kin-openapi's words, as a 400; none for params inside their schemas. */
export function checkPathParams(params: Record<string, string>, declared: PathParams): void {
  for (const [name, value] of Object.entries(params)) {
    const schema = declared[name]
    if (!schema) continue
    // The validator counts a string's length in characters (Go runes), not UTF-16 units.
    const length = [...value].length
    const problem =
      schema.minLength !== undefined && length < schema.minLength
        ? `minimum string length is ${schema.minLength}`
        : schema.maxLength !== undefined && length > schema.maxLength
          ? `maximum string length is ${schema.maxLength}`
          : undefined
    if (problem) throw invalidRequest(`parameter "${name}" in path has an error: ${problem}`)
  }
}
