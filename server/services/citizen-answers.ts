/**
 * A citizen's history and application details as last answered, kept in memory until one of
 * their applications or documents changes. Only for the embedded database: there this process is
 * the only writer, and each query costs about a millisecond of the one thread every request
 * shares, so a citizen refreshing the screen they wait on would otherwise queue everyone else.
 * (PostgreSQL answers the same two calls in a few milliseconds, and other instances write to it.)
 *
 * The database tells what changed: a trigger on `applications` and `documents` sends the owner's
 * id on CITIZEN_RECORDS_CHANNEL (plugins/citizen-answers.ts), heard before the writing query
 * resolves. A read that began before a change may not store its answer afterwards (`generation`).
 */
export const CITIZEN_RECORDS_CHANNEL = 'citizen_records';

/** The answer's key within a citizen's answers: the history (with its filter) or one detail in one language. */
export type AnswerKey = `history:${string}` | `detail:${number}:${string}`;

export class CitizenAnswers {
  /** Citizens whose answers are kept; the one unused longest goes first. ~2 KB an answer. */
  static readonly MAX_CITIZENS = 5_000;
  private readonly byCitizen = new Map<number, Map<AnswerKey, string>>();
  private generation = 0;

  /** The JSON last answered, or a function that stores the answer read now (unless a change came meanwhile). */
  lookup(userId: number, key: AnswerKey): { json: string } | { store: (json: string) => void } {
    const answers = this.byCitizen.get(userId);
    const json = answers?.get(key);
    if (json !== undefined) {
      // Most recently used last: Map keeps insertion order.
      this.byCitizen.delete(userId);
      this.byCitizen.set(userId, answers!);
      return { json };
    }
    const generation = this.generation;
    return { store: (answer) => this.store(userId, key, answer, generation) };
  }

  private store(userId: number, key: AnswerKey, json: string, generation: number) {
    if (generation !== this.generation) return;
    let answers = this.byCitizen.get(userId);
    if (!answers) {
      if (this.byCitizen.size >= CitizenAnswers.MAX_CITIZENS)
        this.byCitizen.delete(this.byCitizen.keys().next().value!);
      this.byCitizen.set(userId, (answers = new Map()));
    }
    answers.set(key, json);
  }

  /** One citizen's records changed (the trigger's notice). */
  forget(userId: number) {
    this.generation += 1;
    this.byCitizen.delete(userId);
  }

  /** Anything may have changed (a notice that could not be read, a reconnect). */
  forgetAll() {
    this.generation += 1;
    this.byCitizen.clear();
  }
}
