package com.acme.parallel;

/**
 * An in-house task base class of some library the analysed project depends on but does not include: the
 * detector cannot know it is fork/join code, and must say so rather than report nothing silently.
 */
public abstract class RecursiveTask<V> extends java.util.concurrent.RecursiveTask<V> {
    private static final long serialVersionUID = 1L;
}
