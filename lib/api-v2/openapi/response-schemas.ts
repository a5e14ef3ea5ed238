/**
 * Output schemas of API v2: what the serializers (serializeUser, serializeBadge, serializeJob,
 * serializeJobRequest, serializeWebhook, …) and the handlers return. They exist for the OpenAPI document; the
 * document's test parses real serializer output with them (and the API tests the real responses
 * of the webhook, delivery, mail, history and invitation endpoints), so they cannot drift either.
 * `.meta({ id })` names each one as a component of the document.
 */
export * from "./schemas/common";
export * from "./schemas/events";
export * from "./schemas/messages";
export * from "./schemas/reference-rest";
export * from "./schemas/resources";
export * from "./schemas/session";
export * from "./schemas/users";
