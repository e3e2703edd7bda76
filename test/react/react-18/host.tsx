// What a React 18 host writes with formgate/react, type-checked against React 18's types
// (`npm run typecheck`): the component's props and the hook's segments, with no declaration of its own.
import type { FormModel, FormResponse } from "formgate";
import { FormgateForm, useMessageForms } from "formgate/react";

export function Message(props: { text: string; form: FormModel; onAnswer: (response: FormResponse) => void }) {
  const segments = useMessageForms(props.text, { streaming: true });
  return (
    <div>
      {segments.map((segment) =>
        segment.kind === "text" ? (
          <p key={segment.text}>{segment.text}</p>
        ) : (
          <FormgateForm key={segment.id} form={segment.form ?? props.form} onResponse={props.onAnswer} lang="en" />
        ),
      )}
    </div>
  );
}
