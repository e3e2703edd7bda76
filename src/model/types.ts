/**
 * The model's public types, listed once: the model module and the package root both export
 * these. The form and answer types come from schemas/form-model.schema.json and
 * schemas/form-answers.schema.json.
 */
export type {
  FormModel,
  Field,
  TextField,
  NumberField,
  BooleanField,
  ChoiceField,
  ChoiceOption,
  CustomAnswer,
  DirectionCard,
  ResourceField,
  FileField,
  Resource,
  Image,
  TextFormat,
  Selection,
  Extensions,
} from "../../generated/form-model.js";
export type {
  FormResponse,
  AcceptedResponse,
  DeclinedResponse,
  Answers,
  AnswerValue,
} from "../../generated/form-answers.js";
export type { Issue, IssueCode, PathSegment, Failure, FailureCode, Result } from "./issue.js";
export type { FormKey } from "./form-keys.js";
export type { DirectionCatalog, DirectionCatalogCard } from "./direction-catalog.js";
export type { CardOnOption } from "./direction-card.js";
export type { PartialForm } from "./partial-form.js";
