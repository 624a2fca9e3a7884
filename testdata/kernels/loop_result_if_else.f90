! F77-style matrix product with no INTENT anywhere: the logical result
! "ok" is assigned in both branches of an IF with an ELSE, so every run
! assigns it before any read and it is intent(out), a result (Note
! [scalar intents]), not an intent(inout) that the ABI cannot pass.
!$OFP PURE, KERNEL :: product_if_fits
subroutine product_if_fits(a, b, c, n, m, ok, lo)
      integer :: n, m
      real :: a(n,m), b(m,n), c(n,n)
      logical :: ok
      real :: lo
      integer :: i, j, k
      real :: s

      if (m .ge. 2) then
         ok = .true.
         lo = 0.5
         do 30 j = 1, n
            do 20 i = 1, n
               s = 0
               do 10 k = 1, m
                  s = s + a(i,k)*b(k,j)
 10            continue
               c(i,j) = max(s, lo)
 20         continue
 30      continue
      else
         ok = .false.
         lo = -1.0
         do 40 j = 1, n
            c(1,j) = lo
 40      continue
      end if
end subroutine product_if_fits
