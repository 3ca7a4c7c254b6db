/**
 * The Dynakit engine: an embeddable DynamoDB-compatible database. {@link
 * dev.dynakit.engine.DynakitEngine} runs requests; {@link dev.dynakit.engine.EngineServer} serves
 * them over HTTP.
 */
@NullMarked
package dev.dynakit.engine;

import org.jspecify.annotations.NullMarked;
