import type { ChoiceOption, DirectionCard, Image } from "../../generated/form-model.js";
import { type Issue, type PathSegment, warning } from "./issue.js";

/** What of a direction card an option without cards can show, and what it cannot. */
export interface CardOnOption {
  /** The card's first image reference, where the option has no thumbnail of its own. */
  thumbnail?: Image;
  /** The card's mood, where the option has no description of its own. */
  description?: string;
  /** What the option cannot show, in words: `palette`, `fonts`, `references`, `mood`. */
  lost: string[];
}

const IMAGE_PATH = /\.(?:png|jpe?g|gif|webp|avif)$/i;

/**
 * A direction card (`<question-form>` direction-cards) on a protocol whose options have a
 * title, a description and a thumbnail: the card's image (the first reference that is an
 * https image URL or a data:image URI, and that `accepts` allows) becomes the thumbnail and
 * its mood the description, unless the option already has its own. Undefined for an option
 * without a card, or with an empty one (a card with nothing but its label loses nothing).
 */
export function cardOnOption(
  option: ChoiceOption,
  accepts: (src: string) => boolean = () => true,
): CardOnOption | undefined {
  const card: DirectionCard | undefined = option.card;
  if (card === undefined || Object.keys(card).length === 0) return undefined;
  const out: CardOnOption = { lost: [] };
  const images = (card.references ?? []).filter((reference) => isImageReference(reference) && accepts(reference));
  const image = option.thumbnail === undefined ? images[0] : undefined;
  if (image !== undefined) out.thumbnail = { src: image };
  if (card.mood !== undefined && option.description === undefined) out.description = card.mood;
  else if (card.mood !== undefined) out.lost.push("mood");
  if (card.palette !== undefined) out.lost.push("palette");
  if (card.displayFont !== undefined || card.bodyFont !== undefined) out.lost.push("fonts");
  if ((card.references ?? []).some((reference) => reference !== image))
    out.lost.push(image === undefined ? "references" : "other references");
  return out;
}

/** The warning at `path` (the option's `card`) for a card shown on `where` (e.g. "a native option"). */
export function cardWarning(shown: CardOnOption, where: string, path: PathSegment[]): Issue {
  const kept = [
    shown.thumbnail && "its image as the thumbnail",
    shown.description !== undefined && "its mood as the description",
  ].filter(Boolean);
  const lost = shown.lost.length > 0 ? `its ${listed(shown.lost)} cannot be shown on ${where}` : "";
  if (kept.length === 0)
    return warning(
      "dropped",
      path,
      `Its direction card cannot be shown on ${where}, so it is dropped${lost ? ` (${listed(shown.lost)})` : ""}.`,
    );
  return warning(
    "approximated",
    path,
    `Its direction card is shown with ${kept.join(" and ")}${lost ? `; ${lost}` : ""}.`,
  );
}

function isImageReference(reference: string): boolean {
  if (/^data:image\/[a-z0-9.+-]+;base64,/i.test(reference)) return true;
  try {
    const url = new URL(reference);
    return url.protocol === "https:" && IMAGE_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

function listed(items: string[]): string {
  return items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
