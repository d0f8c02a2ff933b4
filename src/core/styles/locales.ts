// Every locale of the CSL locales repository (src/data/styles/locales/, as Debian's
// citation-style-language-locales ships them; CC BY-SA 3.0, credited in that folder's README): 54
// files, 46 KB once the style engine's bundle is compressed, so that a style or a document in any
// of these languages gets its own terms, dates and punctuation offline. Only dist/styles.js carries them.

import afZA from '../../data/styles/locales/locales-af-ZA.xml';
import ar from '../../data/styles/locales/locales-ar.xml';
import bgBG from '../../data/styles/locales/locales-bg-BG.xml';
import caAD from '../../data/styles/locales/locales-ca-AD.xml';
import csCZ from '../../data/styles/locales/locales-cs-CZ.xml';
import cyGB from '../../data/styles/locales/locales-cy-GB.xml';
import daDK from '../../data/styles/locales/locales-da-DK.xml';
import deAT from '../../data/styles/locales/locales-de-AT.xml';
import deCH from '../../data/styles/locales/locales-de-CH.xml';
import deDE from '../../data/styles/locales/locales-de-DE.xml';
import elGR from '../../data/styles/locales/locales-el-GR.xml';
import enGB from '../../data/styles/locales/locales-en-GB.xml';
import enUS from '../../data/styles/locales/locales-en-US.xml';
import esCL from '../../data/styles/locales/locales-es-CL.xml';
import esES from '../../data/styles/locales/locales-es-ES.xml';
import esMX from '../../data/styles/locales/locales-es-MX.xml';
import etEE from '../../data/styles/locales/locales-et-EE.xml';
import eu from '../../data/styles/locales/locales-eu.xml';
import faIR from '../../data/styles/locales/locales-fa-IR.xml';
import fiFI from '../../data/styles/locales/locales-fi-FI.xml';
import frCA from '../../data/styles/locales/locales-fr-CA.xml';
import frFR from '../../data/styles/locales/locales-fr-FR.xml';
import heIL from '../../data/styles/locales/locales-he-IL.xml';
import hiIN from '../../data/styles/locales/locales-hi-IN.xml';
import hrHR from '../../data/styles/locales/locales-hr-HR.xml';
import huHU from '../../data/styles/locales/locales-hu-HU.xml';
import idID from '../../data/styles/locales/locales-id-ID.xml';
import isIS from '../../data/styles/locales/locales-is-IS.xml';
import itIT from '../../data/styles/locales/locales-it-IT.xml';
import jaJP from '../../data/styles/locales/locales-ja-JP.xml';
import kmKH from '../../data/styles/locales/locales-km-KH.xml';
import koKR from '../../data/styles/locales/locales-ko-KR.xml';
import la from '../../data/styles/locales/locales-la.xml';
import ltLT from '../../data/styles/locales/locales-lt-LT.xml';
import lvLV from '../../data/styles/locales/locales-lv-LV.xml';
import mnMN from '../../data/styles/locales/locales-mn-MN.xml';
import nbNO from '../../data/styles/locales/locales-nb-NO.xml';
import nlNL from '../../data/styles/locales/locales-nl-NL.xml';
import nnNO from '../../data/styles/locales/locales-nn-NO.xml';
import plPL from '../../data/styles/locales/locales-pl-PL.xml';
import ptBR from '../../data/styles/locales/locales-pt-BR.xml';
import ptPT from '../../data/styles/locales/locales-pt-PT.xml';
import roRO from '../../data/styles/locales/locales-ro-RO.xml';
import ruRU from '../../data/styles/locales/locales-ru-RU.xml';
import skSK from '../../data/styles/locales/locales-sk-SK.xml';
import slSI from '../../data/styles/locales/locales-sl-SI.xml';
import srRS from '../../data/styles/locales/locales-sr-RS.xml';
import svSE from '../../data/styles/locales/locales-sv-SE.xml';
import thTH from '../../data/styles/locales/locales-th-TH.xml';
import trTR from '../../data/styles/locales/locales-tr-TR.xml';
import ukUA from '../../data/styles/locales/locales-uk-UA.xml';
import viVN from '../../data/styles/locales/locales-vi-VN.xml';
import zhCN from '../../data/styles/locales/locales-zh-CN.xml';
import zhTW from '../../data/styles/locales/locales-zh-TW.xml';

/** Each locale's XML by its tag (`de-AT`, `eu`). */
export const LOCALES: Record<string, string> = {
  'af-ZA': afZA, ar, 'bg-BG': bgBG, 'ca-AD': caAD, 'cs-CZ': csCZ, 'cy-GB': cyGB, 'da-DK': daDK, 'de-AT': deAT,
  'de-CH': deCH, 'de-DE': deDE, 'el-GR': elGR, 'en-GB': enGB, 'en-US': enUS, 'es-CL': esCL, 'es-ES': esES,
  'es-MX': esMX, 'et-EE': etEE, eu, 'fa-IR': faIR, 'fi-FI': fiFI, 'fr-CA': frCA, 'fr-FR': frFR, 'he-IL': heIL,
  'hi-IN': hiIN, 'hr-HR': hrHR, 'hu-HU': huHU, 'id-ID': idID, 'is-IS': isIS, 'it-IT': itIT, 'ja-JP': jaJP,
  'km-KH': kmKH, 'ko-KR': koKR, la, 'lt-LT': ltLT, 'lv-LV': lvLV, 'mn-MN': mnMN, 'nb-NO': nbNO, 'nl-NL': nlNL,
  'nn-NO': nnNO, 'pl-PL': plPL, 'pt-BR': ptBR, 'pt-PT': ptPT, 'ro-RO': roRO, 'ru-RU': ruRU, 'sk-SK': skSK,
  'sl-SI': slSI, 'sr-RS': srRS, 'sv-SE': svSE, 'th-TH': thTH, 'tr-TR': trTR, 'uk-UA': ukUA, 'vi-VN': viVN,
  'zh-CN': zhCN, 'zh-TW': zhTW,
};
