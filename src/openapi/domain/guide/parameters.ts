import type { ParameterDescriptions } from './parameter-descriptions';
import { CHANNEL_AND_USER_PARAMETERS } from './parameters-channels-users';
import { MESSAGE_PARAMETERS } from './parameters-messages';
import { ORGANIZATION_PARAMETERS } from './parameters-organization';


const glossary: Record<string, string> = {
  ...MESSAGE_PARAMETERS.glossary,
  ...CHANNEL_AND_USER_PARAMETERS.glossary,
  ...ORGANIZATION_PARAMETERS.glossary,
};

const overrides: Record<string, Record<string, string>> = {};
for (const part of [MESSAGE_PARAMETERS, CHANNEL_AND_USER_PARAMETERS, ORGANIZATION_PARAMETERS]) {
  for (const [key, names] of Object.entries(part.overrides)) overrides[key] = { ...overrides[key], ...names };
}

export const PARAMETER_DESCRIPTIONS: ParameterDescriptions = { glossary, overrides };
