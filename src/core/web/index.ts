// Papers from the web: what the host (src/host/web) and the command line use. Pure, like all of
// core: it runs in Node, on the command line and in a browser Web Worker, over an injected fetch.
export { parsePaperId, paperIdText, arxivDoi, type PaperId } from './identifiers';
export { HttpClient, WebError, DEFAULT_MAX_BYTES, DEFAULT_TIMEOUT_MS, type Fetch, type HttpOptions, type WebErrorKind } from './http';
export { PaperService, PUBLIC_URLS, urlsFromEnvironment, type DailyPapers, type ServiceOptions, type WebUrls } from './service';
export { parsePeriod, periodDays, periodText, shiftPeriod, isPast, dayText, weekOf, type Period, type PeriodKind } from './period';
export { WebCache, REFRESH_MS, type Cached, type KeptPaper, type KeyValueStorage, type WebCacheOptions } from './cache';
export { KnownPapers, baseWebKey, webKey, type KnownBy } from './keys';
export { joinFetched, toPaper, webPaperId, type JoinedPapers } from './toPaper';
export { huggingFacePage, type DailyOptions } from './huggingface';
export type { FetchedPaper } from './record';
export { NeighbourService, PUBLIC_SCHOLAR_URL, PAGE_SIZE, type NeighbourUrls } from './neighbourhood';
export { scholarId, idsOfWork, scholarIdOfWork, workOfPaper, type WorkIds, type Neighbour, type NeighbourPage, type LinkedPaper } from './scholar';
export { ARTEFACT_KINDS, type Artefact, type ArtefactKind } from './hub';
export { suggest, suggestionsAt, namesOf, identityOf, titleKey, type CitedLinks, type Suggestion } from './suggest';
