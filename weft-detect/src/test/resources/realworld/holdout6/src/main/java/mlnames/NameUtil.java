package mlnames;

/** Name helpers shared by the model builders. */
final class NameUtil {
    private NameUtil() {
    }

    static String basisName(String stub, int index) {
        StringBuffer name = new StringBuffer(stub);
        name.append(index);
        if (index == 0) {
            name.append("_intercept");
        }
        return name.toString();
    }
}
