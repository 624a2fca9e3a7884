C     FIXED_AXPY: AN ELEMENT-WISE KERNEL IN FIXED FORM, F77 STYLE.
C     STATEMENTS START IN COLUMN 7, A CHARACTER IN COLUMN 6 CONTINUES
C     THE LINE BEFORE, AND COLUMNS 73-80 HOLD CARD SEQUENCE NUMBERS,
C     WHICH FORTRAN IGNORES.  GFORTRAN READS .F FILES AS FIXED FORM.
C
C         Z = ALPHA X + BETA Y + GAMMA
C
      MODULE FIXED_AXPY                                                 FAX00010
      IMPLICIT NONE                                                     FAX00020
      REAL, PARAMETER :: ALPHA = 1.5, BETA = -0.5                       FAX00030
      REAL, PARAMETER :: GAMMA = 0.25                                   FAX00040
      CONTAINS                                                          FAX00050
*
      PURE ELEMENTAL SUBROUTINE AXPY3(X, Y, Z)                          FAX00060
C$OFP PURE, KERNEL :: AXPY3
      REAL, INTENT(IN) :: X, Y                                          FAX00070
      REAL, INTENT(OUT) :: Z                                            FAX00080
      Z = ALPHA*X                                                       FAX00090
     &  + BETA*Y                                                        FAX00100
     1  + GAMMA                                                         FAX00110
      END SUBROUTINE AXPY3                                              FAX00120
      END MODULE FIXED_AXPY                                             FAX00130
