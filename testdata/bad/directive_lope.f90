! LOPe's halo directive: in LOPe the procedure runs once per element of
! a; in Fortran once, on a(0,0) alone. forocl refuses it.
!$OFP CONCURRENT :: blur
pure subroutine blur(a, b)
!$OFP HALO(:,:) :: a(0:,0:)
!^ ERROR [directive-lope] "!$OFP HALO is a directive of the LOPe dialect"
  real, intent(in)  :: a(-1:,-1:)
  real, intent(out) :: b(0:,0:)
  b(0,0) = 0.25*(a(-1,0) + a(1,0) + a(0,-1) + a(0,1))
end subroutine blur
