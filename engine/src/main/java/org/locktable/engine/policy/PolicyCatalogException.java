package org.locktable.engine.policy;

/**
 * The catalog cannot be built: a policy class without (or with malformed) {@link PolicyMetadata}, a user's policy
 * that cannot be instantiated, or two policies with the same id. The message names the classes.
 */
public final class PolicyCatalogException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PolicyCatalogException(String message) {
        super(message);
    }
}
