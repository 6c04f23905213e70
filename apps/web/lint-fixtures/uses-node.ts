// Breaks the browser rule: a Node global in web code.
export const home = process.env.HOME;
