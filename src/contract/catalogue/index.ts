// The catalogue of value classes (docs/CATALOGUE.md): what every run sends, from the schemas alone.
export { CATALOGUE } from './catalogue.js'
export { type ClassTarget, catalogueCasesOf } from './catalogue-cases.js'
export { renderCatalogueTable } from './catalogue-table.js'
