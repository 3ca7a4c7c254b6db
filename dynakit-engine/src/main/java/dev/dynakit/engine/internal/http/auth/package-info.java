/**
 * Signed requests for {@link dev.dynakit.engine.EngineServer}, opt-in: the server checks each
 * request's AWS Signature Version 4 against the access keys it was given, and refuses a request
 * that is unsigned, signed by an unknown key, signed with another secret or too far from the
 * server's clock in DynamoDB's words. Plumbing: nothing here is API.
 */
@NullMarked
package dev.dynakit.engine.internal.http.auth;

import org.jspecify.annotations.NullMarked;
