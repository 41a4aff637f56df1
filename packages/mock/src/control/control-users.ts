/**
 * @module control-users
 * The control API's side of the PIN module: signed-in users made for a test, their PIN state, and the
 * mailbox of the one-time codes forgot-pin sent.
 */
import { RuleError } from '../domain/rule-error.js'
import { createUser, type CreateUserInput } from '../domain/users.js'
import { validate } from '../http/validate.js'
import { checkedId, type ControlContext } from './control-context.js'
import { createUserBody } from './control-schemas.js'
import { otpMessage, userView, type OtpMessage, type UserView } from './control-views.js'

/**
 * `mock.users`: PIN module users.
 *
 * @inline
 * @example
 * ```ts
 * const users: UsersControl = mock.users
 * ```
 */
export interface UsersControl {
  /** Creates a signed-in user of the PIN module (e-mail and/or phone, each verified or not) with a bearer token. */
  create: (input: CreateUserInput) => Promise<{ userId: number; accessToken: string }>
  /** A user's contacts and PIN state (never the PIN); 404 when unknown. */
  get: (userId: number) => Promise<UserView>
  /** Every user, oldest first. */
  list: () => Promise<UserView[]>
}

/**
 * Builds `mock.users`.
 *
 * @example
 * ```ts
 * const { userId, accessToken } = await usersControl(control).create({ email: 'dara@example.com' })
 * ```
 */
export function usersControl({ runtime, ctx, exclusive }: ControlContext): UsersControl {
  return {
    create: (input) => {
      const checked = validate(createUserBody, input)
      return exclusive(() => {
        const user = createUser(ctx, checked)
        return { userId: user.userId, accessToken: user.accessToken }
      })
    },
    get: async (userId) => {
      await runtime.ready()
      const user = ctx.db.users.get('byId', checkedId('userId', userId))
      if (!user) throw new RuleError(404, `User ${userId} not found`)
      return userView(user)
    },
    list: async () => {
      await runtime.ready()
      return ctx.db.users.all().map(userView)
    },
  }
}

/**
 * `mock.otp`: the codes forgot-pin sent.
 *
 * @inline
 * @example
 * ```ts
 * const otp: OtpControl = mock.otp
 * ```
 */
export interface OtpControl {
  /** The one-time codes forgot-pin sent that `retention.outbox` keeps, oldest first: the test's mailbox. */
  list: () => OtpMessage[]
}

/**
 * Builds `mock.otp`.
 *
 * @example
 * ```ts
 * const { code } = otpControl(control).list().at(-1)!
 * ```
 */
export function otpControl({ ctx, prune }: ControlContext): OtpControl {
  return {
    list: () => {
      prune()
      return ctx.db.outbox.all().map(otpMessage)
    },
  }
}
