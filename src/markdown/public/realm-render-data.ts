/** What the send path reads for the renderer with its own first statement (docs/architecture.md, "How a request travels"). */
export { realmRenderDataColumnSql } from '../persistence/render-data.store';
export type { RealmRenderData } from '../persistence/render-data.store';
