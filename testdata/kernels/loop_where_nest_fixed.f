C     WHERE inside a labelled DO nest, in fixed form (Note [WHERE in
C     nests] in sema/nestwhere.go): each column keeps its positive
C     values and takes the other array's elsewhere.
!$OFP PURE, KERNEL :: wmerge
      SUBROUTINE WMERGE(N, M, A, B, C)
      INTEGER N, M
      REAL A(N, M), B(N, M), C(N, M)
      INTEGER J
      DO 10 J = 1, M
         WHERE (A(:, J) .GT. 0.0)
            C(:, J) = A(:, J)
         ELSEWHERE
            C(:, J) = B(:, J) + REAL(J)
         END WHERE
   10 CONTINUE
      END
