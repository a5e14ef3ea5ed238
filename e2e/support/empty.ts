// Stand-in for the server-only marker package under vitest (it throws outside React Server).
export {};
