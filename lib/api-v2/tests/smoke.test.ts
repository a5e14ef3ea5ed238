import { expect, it } from "vitest";
import { call, describeApi, workerBody } from "./harness";

describeApi("smoke", (api) => {
  it("authenticates, invites, reads and patches a worker", async () => {
    const t = await api.tenant();
    const created = await call("POST", "/api_v2/users/invite", {
      token: t.privateToken,
      json: workerBody({ phone: "+1415-555-5555" }),
    });
    expect(created.status).toBe(201);
    expect(created.body.phone).toBe("+14155555555");
    const got = await call("GET", `/api_v2/users/${created.body.id}`, { token: t.privateToken });
    expect(got.status).toBe(200);
    const patched = await call("PATCH", `/api_v2/users/${created.body.id}`, {
      token: t.privateToken,
      json: { user: { ...got.body, latitude: 37.7952, longitude: "-122.4028" } },
    });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.latitude).toBe("37.7952");
    const list = await call("GET", "/api_v2/users", { token: t.privateToken, query: { q: "ada" } });
    expect(list.body.total).toBe(1);
  });
});
