// The island kit: import everything from here (see README.md). Feature islands never import
// another feature's island folder.
export { makeT, type T, type Values } from './t.ts';
export { currentPath, loginHref, redirectTarget, safeRedirect } from './redirect.ts';
export { MemberGate, useMember, useSession, type GuardMode, type SessionChurch } from './guard.tsx';
export {
  Loader,
  Modal,
  Notice,
  Spinner,
  SubmitButton,
  type Message,
  type NoticeKind,
} from './feedback.tsx';
export { Check, Field, Select, TextArea, textLength } from './fields.tsx';
export { VisitorFields, type VisitorValue } from './visitor-fields.tsx';
export { failureMessage, firstErrors, useForm } from './form.ts';
export { useLoad, type Load } from './load.ts';
export { Pager } from './pager.tsx';
export type { IslandProps } from './props.ts';
export type { Lang } from '../../../../common/format.ts';
export {
  CardFields,
  PaymentFields,
  PaymentTotals,
  usePaymentStep,
  type CardForm,
  type PaymentStep,
  type PaymentStepOptions,
} from './payment.tsx';
export { NewCardFields, useNewCard, type NewCard } from './new-card.tsx';
export { ChallengeForm, PaymentResult, usePaymentAnswer } from './payment-result.tsx';
