C     Vector subscripts of constructors and ASSOCIATE in fixed form
C     (Notes [vector subscripts of constructors] and [associate] in
C     sema): the first and last rows copy their inner neighbours.
!$OFP PURE, KERNEL :: edges
      SUBROUTINE EDGES(N, M, H)
      INTEGER N, M
      REAL H(N, M)
      ASSOCIATE (LO => LBOUND(H, 1), HI => UBOUND(H, 1))
         H([LO, HI], :) = 2.0*H([LO+1, HI-1], :)
      END ASSOCIATE
      END
