import readline from 'node:readline';

/**
 * The password for `npm run officer:create`: typed at a hidden prompt on a terminal, or read from
 * the first line of standard input when it is piped. Never an argument: arguments show in `ps` and
 * in the shell's history.
 */
export async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let text = '';
    for await (const chunk of process.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  return new Promise((resolve, reject) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
    // Echo nothing of what is typed (the prompt itself is written before muting).
    const out = rl as unknown as { _writeToOutput(s: string): void };
    process.stderr.write(prompt);
    out._writeToOutput = () => {};
    rl.question('', (answer) => {
      process.stderr.write('\n');
      rl.close();
      resolve(answer);
    });
    rl.on('SIGINT', () => {
      rl.close();
      reject(new Error('cancelled'));
    });
  });
}
