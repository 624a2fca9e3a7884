! F77 assumed-size dummies, a(*) and b(ld, *): the last extent is the
! actual array's, a size of its own, as for an assumed-shape dummy. The
! loops stay inside what the caller passes (n <= size(a), m columns).
!$OFP PURE, KERNEL :: scale_columns
subroutine scale_columns(a, b, c, ld, n, m)
      integer ld, n, m
      real a(*), b(ld, *), c(ld, *)
      integer i, j
      do 20 j = 1, m
         do 10 i = 1, n
            c(i, j) = a(i)*b(i, j) + 0.5
 10      continue
 20   continue
end subroutine scale_columns
