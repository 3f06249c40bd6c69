package dev.weft.detect.analysis;

/**
 * A resolved static type: a dotted class name ({@code java.util.concurrent.ForkJoinPool},
 * {@code pkg.Outer.Inner}) or primitive name, and its array dimensions. Type arguments are not kept: no rule
 * needs them.
 */
public record TypeRef(String name, int dims) {

    public static TypeRef of(String name) {
        return new TypeRef(name, 0);
    }

    static TypeRef of(Class<?> c) {
        int dims = 0;
        while (c.isArray()) {
            dims++;
            c = c.getComponentType();
        }
        return new TypeRef(JdkTypes.nameOf(c), dims);
    }

    public boolean isArray() {
        return dims > 0;
    }

    public boolean isPrimitive() {
        return dims == 0 && switch (name) {
            case "int", "long", "short", "byte", "char", "boolean", "float", "double", "void" -> true;
            default -> false;
        };
    }

    /** Whether the innermost element type is primitive ({@code int[][]}). */
    public boolean isPrimitiveElement() {
        return new TypeRef(name, 0).isPrimitive();
    }

    /** The element type of an array type. */
    public TypeRef component() {
        return new TypeRef(name, dims - 1);
    }

    @Override
    public String toString() {
        return name + "[]".repeat(dims);
    }
}
