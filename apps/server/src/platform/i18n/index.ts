import type { Lang } from '@nexa/contract';
import { ar } from './ar.js';
import { de } from './de.js';
import type { Catalogue } from './en.js';
import { en } from './en.js';
import { fr } from './fr.js';
import { hk } from './hk.js';
import { it } from './it.js';
import { jp } from './jp.js';
import { kr } from './kr.js';
import { pe } from './pe.js';
import { pt } from './pt.js';
import { ru } from './ru.js';
import { sp } from './sp.js';
import { zh } from './zh.js';

export type { Catalogue, MessageKey } from './en.js';

export const catalogues: Record<Lang, Catalogue> = { zh, en, hk, de, fr, kr, jp, ar, ru, sp, it, pt, pe };
