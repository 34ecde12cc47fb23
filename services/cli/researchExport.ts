/** The research export lives in services/app (the API's export route runs it too). */
export { exportResearch, studySecret, type ResearchManifest } from '../app/researchExport.ts';
