package org.metasched.io;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/** The operating system's reason for a failed file operation, in the words of its error messages. */
public final class IoErrors {
    private IoErrors() {}

    /**
     * {@code "PATH: reason"} for a file-system error ({@code "/out/.x.tmp: Permission denied"}), else the
     * exception's message. Java leaves the reason out of some messages ({@code AccessDeniedException} carries
     * only the path), so it is restored from the exception's type.
     */
    public static String reason(IOException e) {
        if (e instanceof FileSystemException f) {
            String why = f.getReason() != null ? f.getReason() : typical(f);
            String where = f.getFile() == null ? "" : f.getFile();
            if (f.getOtherFile() != null) {
                where = where + " -> " + f.getOtherFile();
            }
            return where.isEmpty() ? why : where + ": " + why;
        }
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
    }

    private static String typical(FileSystemException f) {
        if (f instanceof AccessDeniedException) {
            return "Permission denied";
        }
        if (f instanceof NoSuchFileException) {
            return "No such file or directory";
        }
        if (f instanceof FileAlreadyExistsException) {
            return "File exists";
        }
        if (f instanceof NotDirectoryException) {
            return "Not a directory";
        }
        if (f instanceof DirectoryNotEmptyException) {
            return "Directory not empty";
        }
        return "failed (" + f.getClass().getSimpleName() + ")";
    }
}
