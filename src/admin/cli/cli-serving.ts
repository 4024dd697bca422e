let serving = false;

/** Whether this process is a server answering CLI commands on its socket. */
export function servingCli(): boolean {
  return serving;
}

export function markServingCli(value: boolean): void {
  serving = value;
}
