package dev.weft.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;

/**
 * Java serialisation of what crosses members — bags, results, the job, failures — with errors that say
 * what could not be serialised and why it had to be. Only work that a member actually gives away is
 * encoded (plus, once per run, the job and the root bag, to check them at submission).
 */
final class Codec {
    private Codec() {
    }

    /**
     * Encodes {@code o}; {@code what} names it in the error ("the bag split off by Queens.split()").
     *
     * @throws IllegalArgumentException naming the class that is not serialisable
     */
    static byte[] encode(Object o, String what) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        } catch (NotSerializableException e) {
            throw new IllegalArgumentException(what + " cannot be serialised: " + e.getMessage()
                    + " is not Serializable (what crosses members is serialised, and so is everything it refers to;"
                    + " a lambda must have a serialisable target type such as Remote.Supplier and capture only"
                    + " serialisable values)", e);
        } catch (IOException e) {
            throw new IllegalArgumentException(what + " cannot be serialised: " + e, e);
        }
        return bytes.toByteArray();
    }

    /**
     * Decodes bytes made by {@link #encode}, resolving classes in {@code loader}.
     *
     * @throws IllegalStateException naming a class this member cannot load
     */
    static Object decode(byte[] b, ClassLoader loader, String what) {
        try (ObjectInputStream in = new LoaderInputStream(new ByteArrayInputStream(b), loader)) {
            return in.readObject();
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(what + " cannot be read on this member: class " + e.getMessage()
                    + " is not on its class path (every member needs the application's classes)", e);
        } catch (InvalidClassException e) {
            throw new IllegalStateException(what + " cannot be read on this member: " + e.getMessage()
                    + " (every member needs the same version of the application's classes)", e);
        } catch (IOException e) {
            throw new IllegalStateException(what + " cannot be read on this member: " + e, e);
        }
    }

    /**
     * Encodes a failure so that it reaches the home with its own type. A throwable that cannot be
     * serialised (a field that is not) travels as a {@link RemoteFailure} with its class name, message and
     * stack trace instead; this never throws.
     */
    static byte[] encodeFailure(Throwable t) {
        try {
            return encode(t, "the failure");
        } catch (RuntimeException e) {
            return encode(RemoteFailure.of(t), "the failure's stand-in");
        }
    }

    /** Decodes a failure; one whose class this member cannot load comes back as a {@link RemoteFailure}. */
    static Throwable decodeFailure(byte[] b, ClassLoader loader) {
        try {
            return (Throwable) decode(b, loader, "a failure");
        } catch (RuntimeException e) {
            return new RemoteFailure("a failure on another member could not be read here: " + e.getMessage(), e);
        }
    }

    /** Resolves classes through a given loader (the application's), not the one that loaded Weft. */
    private static final class LoaderInputStream extends ObjectInputStream {
        private final ClassLoader loader;

        LoaderInputStream(InputStream in, ClassLoader loader) throws IOException {
            super(in);
            this.loader = loader;
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            try {
                return Class.forName(desc.getName(), false, loader);
            } catch (ClassNotFoundException e) {
                return super.resolveClass(desc);
            }
        }
    }
}
