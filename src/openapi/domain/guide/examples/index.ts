import type { OperationExamples } from '../example';

export const OPERATION_EXAMPLES: OperationExamples = {};
