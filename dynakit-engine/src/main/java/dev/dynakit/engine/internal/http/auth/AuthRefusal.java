package dev.dynakit.engine.internal.http.auth;

import dev.dynakit.engine.error.ErrorType;

/**
 * Why a request's signature was refused: DynamoDB's error type and message.
 *
 * @param type the error, whose wire name and status the answer carries
 * @param message DynamoDB's text for it
 */
public record AuthRefusal(ErrorType type, String message) {}
