declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=visitor' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=signed-in' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=registration' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=back-office' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

declare module '*.po?part=verify' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
