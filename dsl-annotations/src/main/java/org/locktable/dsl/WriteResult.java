package org.locktable.dsl;

/** What the write call returns. */
public enum WriteResult {
    OK, EAGAIN, EINVAL, EOPNOTSUPP, FALLBACK_BUFFERED
}
