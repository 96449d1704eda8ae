// Every page: text typed or pasted into a box loses the invisible characters that reorder
// or hide text (shared/plain-text.js says which).
import { neutraliseTyping } from "./shared/plain-text.js";

neutraliseTyping();
