/**
 * The HTTP side of {@link dev.dynakit.engine.EngineServer}: a Netty pipeline that reads DynamoDB
 * JSON 1.0 requests, runs them on the engine on the event-loop thread and writes DynamoDB's
 * response headers. Plumbing: nothing here is API.
 */
@NullMarked
package dev.dynakit.engine.internal.http;

import org.jspecify.annotations.NullMarked;
