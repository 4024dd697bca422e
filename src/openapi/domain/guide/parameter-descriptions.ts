/** How the reference describes parameters: by name, unless an operation uses the name otherwise. */
export interface ParameterDescriptions {
  glossary: Record<string, string>;
  /** By operation key (`METHOD /path/{template}`), then parameter name. */
  overrides: Record<string, Record<string, string>>;
}
