package com.ejisto.modules.scan;

import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Finds the class files of a web application's WEB-INF/classes and returns their class names. */
public class ClassScanner extends RecursiveTask<List<String>> {
    private static final long serialVersionUID = 1L;
    private static final int THRESHOLD = 10;

    private final File[] files;
    private final String root;

    public ClassScanner(File[] files, String root) {
        this.files = files;
        this.root = root;
    }

    @Override
    protected List<String> compute() {
        if (files.length <= THRESHOLD) {
            List<String> names = new ArrayList<>();
            for (File f : files) {
                scan(f, names);
            }
            return names;
        }
        int half = files.length / 2;
        ClassScanner first = new ClassScanner(Arrays.copyOfRange(files, 0, half), root);   // expect: B2
        ClassScanner second = new ClassScanner(Arrays.copyOfRange(files, half, files.length), root);   // expect: B2
        first.fork();
        second.fork();
        List<String> result = new ArrayList<>();
        result.addAll(first.join());   // expect: B3
        result.addAll(second.join());   // expect: B3
        return result;
    }

    private void scan(File f, List<String> names) {
        if (f.isDirectory()) {
            File[] children = f.listFiles();
            if (children != null) {
                for (File c : children) {
                    scan(c, names);
                }
            }
        } else if (f.getName().endsWith(".class")) {
            String path = f.getPath().substring(root.length() + 1);
            names.add(path.substring(0, path.length() - ".class".length()).replace(File.separatorChar, '.'));
        }
    }

    public static List<String> scanAll(File classesDir) {
        File[] top = classesDir.listFiles();
        if (top == null) {
            return List.of();
        }
        return ForkJoinPool.commonPool().invoke(new ClassScanner(top, classesDir.getPath()));
    }
}
