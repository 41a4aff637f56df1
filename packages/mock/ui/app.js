// biome-ignore-all lint: generated from ui/src/app.ts
// biome-ignore-all format: generated from ui/src/app.ts
var $,St,Zt,A,tt,G,wt,V,xt,nt,et,Xt,F=Symbol.for("pv"),J={},Q=[],Yt=/^m(i|n|o|s|text|space)$/,ot=Array.isArray,st=Q.slice,R=Object.assign;function N(e){e&&e.parentNode&&e.remove()}function rt(e,t,n){var s,_,o,r={},i=arguments.length;for(o in t)o=="key"?s=t[o]:o=="ref"&&typeof e!="function"?_=t[o]:r[o]=t[o];return i>2&&(r.children=i>3?st.call(arguments,2):n),L(e,r,s,_,null)}function L(e,t,n,s,_){var o={type:e,props:t,key:n,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:F,__v:_||++St,__i:-1,__u:0};return!_&&$.vnode&&$.vnode(o),o}function Z(e){return e.children}function O(e,t){this.props=e,this.context=t,this.__g=0}function D(e,t){if(t==null)return e.__&&D(e.__,e.__i+1);for(var n;t<e.__k.length;t++)if((n=e.__k[t])&&n.__e)return n.__e;return typeof e.type!="function"||e.props.__P?null:D(e)}function te(e){var t,n=e.__v,s=n.__e,_=[],o=[],r=e.__P;r&&((t=R({constructor:F},n)).__v=n.__v+1,$.vnode&&$.vnode(t),_t(r,t,n,e.__n,r.namespaceURI,32&n.__u?[s]:null,_,s||D(n),32&n.__u,o),t.__v=n.__v,t.__.__k[t.__i]=t,At(_,t,o),n.__=n.__e=null,t.__e!=s&&Ct(t))}function Ct(e){if((e=e.__)&&e.__c&&!e.props.__P)return e.__e=null,e.__k.some(function(t){return t&&(e.__e=t.__e)}),Ct(e)}function bt(e){(8&e.__g||(e.__g|=8,A.push(e),G++))&&tt==$.debounceRendering||((tt=$.debounceRendering)||queueMicrotask)(Pt)}function Pt(){try{for(var e,t=1;A.length;)A.length>t&&A.sort(wt),e=A.shift(),t=A.length,8&e.__g&&te(e)}finally{(G=A.length)&&(tt||queueMicrotask)(Pt)}}function Tt(e,t,n,s,_,o,r,i,l,c,u){var m,d,a,h,S,v,y=s.__k||Q,f=t.length;for(l=ee(n,t,y,l,f),m=0;m<f;m++)(a=n.__k[m])!=null&&(d=~a.__i&&y[a.__i]||J,a.__i=m,v=_t(e,a,d,_,o,r,i,l,c,u),h=a.__e,(d.ref!=a.ref||8&d.__u)&&(d.ref&&at(d.ref,null,a,d),a.ref&&u.push(a.ref,a.__c||h,a)),S=S||h,4&a.__u?(l=It(a,l,e,!d.__v),d.__e&&(d.__e=null)):typeof a.type=="function"&&v!==void 0?l=v:h&&(l=h.nextSibling),a.__u&=-21);return n.__e=S,l}function ee(e,t,n,s,_){var o,r,i,l,c,u,m,d,a,h=n.length,S=h,v=0,y=0,f=e.__k=Array(_);for(o=0;o<_;o++)(r=t[o])!=null&&typeof r!="boolean"&&typeof r!="function"?(typeof r!="object"||r.constructor===String?r=f[o]=L(null,r):ot(r)?r=f[o]=L(Z,{children:r}):r.constructor===F&&r.__b?r=f[o]=L(r.type,r.props,r.key,r.ref,r.__v):f[o]=r,l=o+v,r.__=e,r.__b=e.__b+1,i=null,~(c=r.__i=ne(r,n,l,S))&&(S--,(i=n[c])&&(i.__u|=2)),i&&i.__v?(r.__u|=16,c==l-1?v--:c==l+1?v++:c!=l&&(c>l?v--:v++,y=1)):(~c||(_>h?v--:_<h&&v++),typeof r.type!="function"&&(r.__u|=4))):f[o]=null;if(y){for(u=[],m=[],o=0;o<_;o++)if((r=f[o])&&16&r.__u){for(v=0,d=u.length;v<d;)u[a=v+d>>1]<r.__i?v=a+1:d=a;u[v]=r.__i,m[o]=v+1}for(v=u.length;o--;)m[o]&&(m[o]==v?v--:f[o].__u|=4)}if(S)for(o=0;o<h;o++)!(i=n[o])||2&i.__u||(i.__e==s&&(s=D(i)),it(i,i));return s}function It(e,t,n,s){var _,o,r,i;if(typeof e.type=="function"){if(e.props.__P)return t;if(_=e.__k)for(o=0;o<_.length;o++)_[o]&&(_[o].__=e,t=It(_[o],t,n,!1));return t}for(t&&!t.parentNode&&(t=D(e))&&!t.parentNode&&(t=null),r=e.__e,i=t;i&&i.nodeType==8;)i=i.nextSibling;for(r!=i&&(!s&&n.moveBefore&&r.parentNode?n.moveBefore(r,t):n.insertBefore(r,t||null)),t=r;(t=t&&t.nextSibling)&&t.nodeType==8&&!t.data.startsWith("$s"););return t}function ne(e,t,n,s){var _,o=e.key,r=e.type,i=t[n],l=i&&!(2&i.__u);if(i===null&&o==null||l&&o==i.key&&r==i.type)return n;if(s>(l?1:0)){for(_=n-1;_>=0;_--)if((i=t[_])&&!(2&i.__u)&&o==i.key&&r==i.type)return _;for(_=n+1;_<t.length;_++)if((i=t[_])&&!(2&i.__u)&&o==i.key&&r==i.type)return _}return-1}function kt(e,t,n){n==null&&(n=""),t[0]=="-"?e.setProperty(t,n):e[t]=n}function j(e,t,n,s,_){var o,r;if(t=="style")if(typeof n=="string")e.style.cssText=n;else{if(typeof s=="string"&&(e.style.cssText=s=""),s)for(t in s)n&&t in n||kt(e.style,t);if(n)for(t in n)s&&n[t]==s[t]||kt(e.style,t,n[t])}else if(t[0]=="o"&&t[1]=="n")typeof n!="function"&&(n=null),typeof s!="function"&&(s=null),(e.__e||(e.__e={}))[t]=n,n&&s||(r=et[t]||(et[t]=oe(t)),(e.__a||(e.__a={}))[t]=nt,o=t!=(t=t.replace(xt,"$1")),(t=t.slice(2))[0]<"a"&&(t=t.toLowerCase()),n?e.addEventListener(t,r,o):e.removeEventListener(t,r,o));else{if(_=="http://www.w3.org/2000/svg")t=t.replace(/xlink(H|:h)/,"h").replace(/sName$/,"s");else if(t!="width"&&t!="height"&&t!="href"&&t!="list"&&t!="form"&&t!="tabIndex"&&t!="download"&&t!="rowSpan"&&t!="colSpan"&&t!="role"&&t!="popover"&&t in e)try{return void(e[t]=n??"")}catch{}if(typeof n=="function")return;n==null||n===!1&&t[4]!="-"?e.removeAttribute(t):e.setAttribute(t,t=="popover"&&n==1?"":n)}}function oe(e){return function(t){var n=this.__e;if(n){if(n=n[e],t[V]==null)t[V]=nt++;else if(t[V]<this.__a[e])return;return n($.event?$.event(t):t)}}}function _t(e,t,n,s,_,o,r,i,l,c){var u,m,d,a,h,S,v,y,f,w,g,Y,yt,B,M,gt,E,H,I=t.type;if(t.constructor!==F)return null;128&n.__u&&(l=32&n.__u,u=n.__c.__z)&&(t.__u|=l,m=o=[],u.nodeType==8?i=K(u,o):o.push(u),i=o[0]||i),(u=$.__b)&&u(t);t:if(typeof I=="function"){d=r.length;try{if(y=t.props,f=(u=I.prototype)&&u.render,w=(u=I.contextType)&&s[u.__c],g=u?w?w.props.value:u.__:s,(a=n.__c)?(t.__c=a,2&a.__g&&(a.__g|=1)):(f?t.__c=a=new I(y,g):(t.__c=a=new O(y,g),a.constructor=I,a.render=re),w&&w.sub(a),a.state||(a.state={}),a.__n=s,a.__g|=8,a.__h=[],a.__k=[]),f&&(a.__s||(a.__s=a.state),I.getDerivedStateFromProps&&(a.__s==a.state&&(a.__s=R({},a.__s)),R(a.__s,I.getDerivedStateFromProps(y,a.__s)))),h=a.props,S=a.state,a.__v=t,n.__c){if(y!==h&&f&&!I.getDerivedStateFromProps&&a.componentWillReceiveProps&&a.componentWillReceiveProps(y,g),t.__v==n.__v&&!(8&a.__g)||!(4&a.__g)&&a.shouldComponentUpdate&&a.shouldComponentUpdate(y,a.__s,g)===!1){t.__v!=n.__v&&(a.props=y,a.state=a.__s,a.__g&=-9),t.__e=n.__e,t.__k=n.__k,t.__k.some(function(C){C&&(C.__=t)}),Q.push.apply(a.__h,a.__k),a.__k=[],a.__h.length&&r.push(a),i=D(n);break t}a.componentWillUpdate&&a.componentWillUpdate(y,a.__s,g),f&&a.componentDidUpdate&&a.__h.push(function(){a.componentDidUpdate(h,S,v)})}else f&&!I.getDerivedStateFromProps&&a.componentWillMount&&a.componentWillMount(),f&&a.componentDidMount&&a.__h.push(a.componentDidMount);a.context=g,a.props=y,a.__P=e,a.__g&=-5,Y=$.__r,yt=f?25:0;do a.__g&=-9,Y&&Y(t),u=a.render(a.props,a.state=a.__s,a.context);while(8&a.__g&&++yt<25);f&&(Q.push.apply(a.__h,a.__k),a.__k=[]),a.state=a.__s,a.getChildContext&&(s=R({},s,a.getChildContext())),f&&n.__c&&a.getSnapshotBeforeUpdate&&(v=a.getSnapshotBeforeUpdate(h,S)),B=u&&u.type===Z&&u.key==null?u.props.children:u,y.__P&&(u=i,_=(e=y.__P).namespaceURI,l=o=null,n.props&&n.props.__P!=e&&(n.__k.some(function(C){C&&it(C,C)}),n.__k=null),i=n.__k?D(n,0):null),i=Tt(e,ot(B)?B:[B],t,n,s,_,o,r,i,l,c),y.__P&&(t.__e=null,i=u),t.__u&=-161,m&&m.some(N),a.__h.length&&r.push(a),1&a.__g&&(a.__g&=-4)}catch(C){if(r.length=d,t.__v=null,l||o)if(C&&C.then){if(t.__u|=128|l,o){for(~(E=o.indexOf(i||void 0))||(E=o.length);(H=o[E-1])&&H.nodeType==8;)E--;for(;E<o.length;E++)if(H=o[E])if(o[E]=null,M){if(H==gt)break}else{if(H.nodeType!=8)break;H.data.startsWith("$s")&&(gt=K(M=H))}}if(!M){for(;i&&i.nodeType==8&&i.nextSibling;)i=i.nextSibling;M=i}(u=K(M=t.__c.__z||(t.__c.__z=M)))?(t.__e=M,i=u):t.__e=i,i=i&&i.nextSibling}else o&&o.some(N);else t.__e=n.__e;t.__k||(t.__k=n.__k||[]),C&&C.then||Et(t),$.__e(C,t,n)}}else i=t.__e=se(n.__e,t,n,s,_,o,r,l,c,e);return(u=$.diffed)&&u(t),i}function K(e,t){if(e&&e.nodeType==8&&e.data.startsWith("$s"))for(var n=1;e=e.nextSibling;){if(e.nodeType==8){if(e.data.startsWith("$s"))n++;else if(e.data.startsWith("/$s")&&!--n)return e}t&&t.push(e)}}function Et(e){e&&(e.__c&&(e.__c.__g|=4),e.__k&&e.__k.some(Et))}function At(e,t,n){for(var s=0;s<n.length;)at(n[s++],n[s++],n[s++]);$.__c&&$.__c(t,e),e.some(function(_){try{e=_.__h,_.__h=[],e.some(function(o){o.call(_)})}catch(o){$.__e(o,_.__v)}})}function se(e,t,n,s,_,o,r,i,l,c){var u,m,d,a,h,S,v,y,f=n.props||J,w=t.props,g=t.type;if(g=="svg"?_="http://www.w3.org/2000/svg":g=="math"?_="http://www.w3.org/1998/Math/MathML":_||(_="http://www.w3.org/1999/xhtml"),o){for(u=0;u<o.length;u++)if((h=o[u])&&(g?h.localName==g:h.nodeType==3)){e=h,o[u]=null;break}}if(!e){if(y=c.ownerDocument||document,!g)return y.createTextNode(w);e=y.createElementNS(_,g,w.is?w:c),i&&($.__m&&$.__m(t,o),i=!1),o=null}if(g){if(c=g=="template"&&e.content||e,o=g=="textarea"&&w.defaultValue!=null?null:o&&st.call(c.childNodes),!i&&o)for(f={},u=0;u<e.attributes.length;u++)f[(h=e.attributes[u]).name]=h.value;for(u in f)h=f[u],u=="dangerouslySetInnerHTML"?d=h:u=="children"||u in w||u=="value"&&"defaultValue"in w||u=="checked"&&"defaultChecked"in w||j(e,u,null,h,_);for(u in w)h=w[u],u=="children"?a=h:u=="dangerouslySetInnerHTML"?m=h:u=="value"?S=h:u=="checked"?v=h:i&&typeof h!="function"||f[u]===h||j(e,u,h,f[u],_);m?(i||d&&(m.__html==d.__html||m.__html==e.innerHTML)||(e.innerHTML=m.__html),t.__k=[]):(d&&(e.textContent=""),(g=="foreignObject"||_=="http://www.w3.org/1998/Math/MathML"&&Yt.test(g))&&(_="http://www.w3.org/1999/xhtml"),Tt(c,ot(a)?a:[a],t,n,s,_,o,r,o?o[0]:n.__k&&D(n,0),i,l),o&&o.some(N)),i&&g!="textarea"||(u="value",g=="progress"&&S==null?e.removeAttribute(u):S==null||S===e[u]&&(g!="progress"||S)||j(e,u,S,f[u],_),u="checked",v!=null&&v!=e[u]&&j(e,u,v,f[u],_))}else f===w||i&&e.data==w||(e.data=w);return e}function at(e,t,n,s){try{typeof e=="function"?t?t.__x=e(t)||1:s&&(s=s.__c||s.__e)&&(t=s.__x)&&(s.__x=null,typeof t=="function"?t():e(null)):e.current=t}catch(_){$.__e(_,n)}}function it(e,t,n){var s,_,o,r;if($.unmount&&$.unmount(e),!(s=e.ref)||s.current&&s.current!=e.__e||at(s,null,t,e),s=e.__c){if(s.componentWillUnmount)try{s.componentWillUnmount()}catch(i){$.__e(i,t)}s.__P=s.__n=null}if(s=e.__k)for(r=0;r<s.length;r++)s[r]&&it(s[r],t,typeof e.type!="function"||n&&!e.props.__P);!n&&(s=e.__c)&&(s=s.__z)&&(_=K(s,o=[]))&&(s==e.__e&&o.some(N),N(_),N(s)),n||N(e.__e),e.__e=e.__c=e.__=null}function re(e,t,n){return this.constructor(e,n)}function ut(e,t){var n,s,_,o;$.__&&$.__(e,t),t.nodeType==9&&(t=t.documentElement),s=(n=e&&32&e.__u)?null:t.__k,t.__k=L(Z,{children:[e]}),_=[],o=[],_t(t,t.__k,s||J,J,t.namespaceURI,s?null:t.firstChild?st.call(t.childNodes):null,_,s?s.__e:t.firstChild,n,o),At(_,t.__k,o),t.__k.props.children=null}$={__e:function(e,t,n,s){for(var _,o,r;t=t.__;)if((_=t.__c)&&!(1&_.__g)){_.__g|=4;try{if((r=(o=_.constructor)&&o.getDerivedStateFromError)&&_.setState(o.getDerivedStateFromError(e)),_.componentDidCatch&&(_.componentDidCatch(e,s||{}),r=1),r&&8&_.__g)return void(_.__g|=2)}catch(i){e=i}}throw G=0,e}},St=0,Zt=function(e){return e!=null&&e.constructor===F},O.prototype.setState=function(e,t){var n=this.__s;n&&n!=this.state||(n=this.__s=R({},this.state)),typeof e=="function"&&(e=e(R({},n),this.props)),e&&(R(n,e),this.__v&&(t&&this.__k.push(t),bt(this)))},O.prototype.forceUpdate=function(e){this.__v&&(this.__g|=4,e&&this.__h.push(e),bt(this))},O.prototype.render=Z,A=[],G=0,wt=function(e,t){return e.__v.__b-t.__v.__b},V=Symbol(),xt=/(PointerCapture)$|Capture$/i,nt=0,et={},Xt=0;var Mt=function(e,t,n,s){var _;t[0]=0;for(var o=1;o<t.length;o++){var r=t[o++],i=t[o]?(t[0]|=r?1:2,n[t[o++]]):t[++o];r===3?s[0]=i:r===4?s[1]=Object.assign(s[1]||{},i):r===5?(s[1]=s[1]||{})[t[++o]]=i:r===6?s[1][t[++o]]+=i+"":r?(_=e.apply(i,Mt(e,i,n,["",null])),s.push(_),i[0]?t[0]|=2:(t[o-2]=0,t[o]=_)):s.push(i)}return s},Dt=new Map;function Ht(e){var t=Dt.get(this);return t||(t=new Map,Dt.set(this,t)),(t=Mt(this,t.get(e)||(t.set(e,t=(function(n){for(var s,_,o=1,r="",i="",l=[0],c=function(d){o===1&&(d||(r=r.replace(/^\s*\n\s*|\s*\n\s*$/g,"")))?l.push(0,d,r):o===3&&(d||r)?(l.push(3,d,r),o=2):o===2&&r==="..."&&d?l.push(4,d,0):o===2&&r&&!d?l.push(5,0,!0,r):o>=5&&((r||!d&&o===5)&&(l.push(o,0,r,_),o=6),d&&(l.push(o,d,0,_),o=6)),r=""},u=0;u<n.length;u++){u&&(o===1&&c(),c(u));for(var m=0;m<n[u].length;m++)s=n[u][m],o===1?s==="<"?(c(),l=[l],o=3):r+=s:o===4?r==="--"&&s===">"?(o=1,r=""):r=s+r[0]:i?s===i?i="":r+=s:s==='"'||s==="'"?i=s:s===">"?(c(),o=1):o&&(s==="="?(o=5,_=r,r=""):s==="/"&&(o<5||n[u][m+1]===">")?(c(),o===3&&(l=l[0]),o=l,(l=l[0]).push(2,0,o),o=0):s===" "||s==="	"||s===`
`||s==="\r"?(c(),o=2):r+=s),o===3&&r==="!--"&&(o=4,l=l[0])}return c(),l})(e)),t),arguments,[])).length>1?t:t[0]}var p=Ht.bind(rt);var W,k,ct,Nt,lt=Object.is,z=0,Bt=[],dt=[],b=$,Rt=b.__b,Ut=b.__r,Lt=b.diffed,Ot=b.__c,Ft=b.unmount,qt=b.__;function ht(e,t){b.__h&&b.__h(k,e,z||t),z=0;var n=k.__H||(k.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function x(e){return z=1,_e(Gt,e)}function _e(e,t,n){var s=ht(W++,2);if(s.t=e,!s.__c&&(s.__=[n?n(t):Gt(void 0,t),function(o){var r=(s.__N||s.__)[0],i=s.t(r,o);lt(r,i)||(s.__N=[i,s.__[1]],s.__c.setState({}))}],s.__c=k,!k.__f)){k.__f=!0;var _=k.shouldComponentUpdate;k.shouldComponentUpdate=function(o,r,i){var l=this.__H;if(!l)return!0;var c=!1,u=this.props!=o;if(l.__.some(function(d){d.__N&&(c=!0,lt(d.__[0],d.__N[0])||(u=!0))}),_){var m=_.call(this,o,r,i);return c?m||u:m}return!c||u}}return s.__}function ft(e,t){var n=ht(W++,3);!b.__s&&Kt(n.__H,t)&&(n.__P=!0,n.__=e,n.u=t,k.__H.__h.push(n))}function mt(e){return z=5,jt(function(){return{current:e}},[])}function jt(e,t){var n=ht(W++,7);return Kt(n.__H,t)&&(n.__=e(),n.__H=t),n.__}function Vt(e,t){return z=8,jt(function(){return e},t)}function ae(){var e;do{for(;e=dt.shift();)try{q(e)}catch(n){b.__e(n,{__:(e=e.__P)&&e.__v})}for(;e=Bt.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(q),t.__h.some(pt),t.__h=[]}catch(n){t.__h=[],b.__e(n,e.__v)}}}while(dt.length)}b.__b=function(e){k=null,Rt&&Rt(e)},b.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),qt&&qt(e,t)},b.__r=function(e){Ut&&Ut(e),W=0;var t=(k=e.__c).__H;t&&(ct==k?k.__h=[]:(t.__h.some(q),t.__h.some(pt),W=0),t.__h=[],t.__.some(function(n){n.__N&&(n.__=n.__N),n.u=n.__N=void 0})),ct=k},b.diffed=function(e){Lt&&Lt(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&zt(Bt.push(t)),t.__H.__.some(function(n){n.u&&(n.__H=n.u)})),ct=k=null},b.__c=function(e,t){t.some(function(n){try{n.__h.some(q),n.__h=n.__h.filter(function(s){return!s.__||pt(s)})}catch(s){n.__h=[function(){throw s}]}}),Ot&&Ot(e,t)},b.unmount=function(e){Ft&&Ft(e);var t,n,s=e.__c;s&&s.__H&&(s.__H.__.some(function(_){try{if(_.__P&&_.__c){if(n===void 0){for(n=e.__;n&&(!n.__c||!n.__c.__P);)n=n.__;n=n&&n.__c}_.__P=n,zt(dt.push(_))}else q(_)}catch(o){t=o}}),s.__H=void 0,t&&b.__e(t,s.__v))};var Wt=typeof requestAnimationFrame=="function";function ie(e){var t,n=function(){clearTimeout(s),Wt&&cancelAnimationFrame(t),setTimeout(e)},s=setTimeout(n,35);Wt&&(t=requestAnimationFrame(n))}function zt(e){e!=1&&Nt==b.requestAnimationFrame||((Nt=b.requestAnimationFrame)||ie)(ae)}function q(e){var t=k,n=e.__c;typeof n=="function"&&(e.__c=void 0,n()),k=t}function pt(e){var t=k;e.__c=e.__(),k=t}function Kt(e,t){return!e||e.length!=t.length||t.some(function(n,s){return!lt(n,e[s])})}function Gt(e,t){return typeof t=="function"?t(e):t}var ue=1e3,Jt=36e5;function ce(){let e=new URLSearchParams(location.hash.slice(1)).get("token");return e&&(sessionStorage.setItem("mock-control-token",e),history.replaceState(null,"",location.pathname+location.search)),sessionStorage.getItem("mock-control-token")}var Qt=ce();async function P(e,t,n){let s={};Qt&&(s.Authorization=`Bearer ${Qt}`),n!==void 0&&(s["Content-Type"]="application/json");let _=await fetch(`/__mock${t}`,{method:e,headers:s,body:n===void 0?void 0:JSON.stringify(n)}),o=await _.text(),r=o===""?void 0:JSON.parse(o);if(!_.ok)throw new Error(r?.message??`${e} ${t}: HTTP ${_.status}`);return r}var T=e=>e==null?"":new Date(e).toISOString().replace("T"," ").replace(/\.\d+Z$/,"Z"),$t=(e,t)=>`${t} ${e.toLocaleString("en-US",{minimumFractionDigits:t==="KHR"?0:2})}`,X=e=>e.target.value,U=e=>p`<span class=${`badge badge-${e}`}>${e}</span>`;function le({snapshot:e,act:t}){let{clock:n}=e,[,s]=x(0),_=mt({at:Date.now(),now:n.now});_.current.now!==n.now&&(_.current={at:Date.now(),now:n.now}),ft(()=>{if(n.frozen)return;let c=setInterval(()=>s(u=>u+1),1e3);return()=>clearInterval(c)},[n.frozen]);let o=n.frozen?Date.parse(n.now):Date.parse(_.current.now)+Date.now()-_.current.at,[r,i]=x(""),l=(c,u)=>t(c,()=>P("POST","/clock",u));return p`<section class="clock" aria-label="Clock">
    <div class="clock-now">
      <strong data-testid="clock-now">${T(o)}</strong>
      <span class="muted">${n.frozen?"frozen":"running"}</span>
      <span class="era" title=${n.era.summary}>era ${n.era.name}</span>
    </div>
    <div class="clock-actions">
      <button onClick=${()=>l("+1 hour",{advanceMs:Jt})}>+1 hour</button>
      <button onClick=${()=>l("+1 day",{advanceMs:24*Jt})}>+1 day</button>
      <button onClick=${()=>l("+1 business day",{businessDays:1})}>+1 business day</button>
      <form
        onSubmit=${c=>{c.preventDefault(),r&&l("set the date",{now:new Date(`${r}Z`).toISOString()})}}
      >
        <input
          type="datetime-local"
          aria-label="Date to set"
          value=${r}
          onInput=${c=>i(c.target.value)}
        />
        <button type="submit">Set</button>
      </form>
    </div>
  </section>`}function de({snapshot:e}){let[t,n]=x({});return e.merchants.length===0?p`<p class="muted">No merchants yet.</p>`:p`<div class="cards">
    ${e.merchants.map(s=>p`<article class="card" data-testid=${`merchant-${s.merchantId}`}>
        <h3>${s.name} <span class="muted">#${s.merchantId}</span></h3>
        <dl>
          <dt>API key</dt>
          <dd><code>${s.apiKey}</code></dd>
          <dt>API secret</dt>
          <dd>
            ${t[s.merchantId]?p`<code>${s.apiSecret}</code>`:p`<span class="muted">hidden</span>`}
            <button class="link" onClick=${()=>n({...t,[s.merchantId]:!t[s.merchantId]})}>
              ${t[s.merchantId]?"hide":"show"}
            </button>
          </dd>
          <dt>Webhook URL</dt>
          <dd>${s.webhookUrl??p`<span class="muted">none: webhooks are only recorded</span>`}</dd>
          <dt>Stores</dt>
          <dd>${s.stores.map(_=>p`<div>#${_.storeId} ${_.storeName}</div>`)}</dd>
        </dl>
        <table class="balances">
          <thead><tr><th></th><th>balance</th><th>freeze</th><th>usable</th></tr></thead>
          <tbody>
            ${["usd","khr"].map(_=>{let o=s.balances[_];return p`<tr data-testid=${`balance-${s.merchantId}-${_}`}>
                <th>${_.toUpperCase()}</th><td>${o.balance}</td><td>${o.freeze}</td><td>${o.usable}</td>
              </tr>`})}
          </tbody>
        </table>
      </article>`)}
  </div>`}function pe({snapshot:e,act:t}){if(e.orders.length===0)return p`<p class="muted">No orders yet.</p>`;let n=_=>e.transactions.filter(o=>o.kind==="payment"&&o.orderId===_),s=(_,o)=>t(`payment ${o} for order ${_}`,()=>P("POST","/payments",{orderId:_,status:o}));return p`<table class="list">
    <thead><tr><th>order</th><th>status</th><th>amount</th><th>QR code</th><th>payments</th><th></th></tr></thead>
    <tbody>
      ${e.orders.map(_=>p`<tr data-testid=${`order-${_.orderId}`}>
          <td>#${_.orderId}<div class="muted">merchant #${_.merchantId}, ${T(_.createdAt)}</div></td>
          <td>${U(_.status)}</td>
          <td>${$t(_.amount,_.currency)}</td>
          <td>
            <img class="qr" alt=${`QR code of order ${_.orderId}`} src=${`/qr/${encodeURIComponent(_.qrData)}.png`} />
          </td>
          <td>
            ${n(_.orderId).map(o=>p`<div>#${o.transactionId} ${U(o.status)} ${T(o.updatedAt)}</div>`)}
          </td>
          <td>
            ${_.status==="pending"||_.status==="processing"?p`<button onClick=${()=>s(_.orderId,"SUCCESS")}>Simulate payment</button>
                  <button class="secondary" onClick=${()=>s(_.orderId,"FAILED")}>Simulate failure</button>`:""}
          </td>
        </tr>`)}
    </tbody>
  </table>`}function he({snapshot:e}){let t=e.transactions.filter(n=>n.kind==="refund"||n.kind==="payout");return t.length===0?p`<p class="muted">No refunds or payouts yet.</p>`:p`<table class="list">
    <thead>
      <tr><th>transaction</th><th>kind</th><th>amount</th><th>status</th><th>requested</th><th>settles</th></tr>
    </thead>
    <tbody>
      ${t.map(n=>p`<tr data-testid=${`${n.kind}-${n.transactionId}`}>
          <td>
            #${n.transactionId}
            <div class="muted">${n.kind==="refund"?`order #${n.orderId}`:n.accountNumber}</div>
          </td>
          <td>${n.kind}</td>
          <td>${$t(n.amount,n.currency)}</td>
          <td>${U(n.status)}${n.failureReason?p`<div class="muted">${n.failureReason}</div>`:""}</td>
          <td>${T(n.createdAt)}</td>
          <td>${T(n.dueAt)}</td>
        </tr>`)}
    </tbody>
  </table>`}function fe({snapshot:e,act:t}){return p`<div>
    <div class="toolbar">
      <button onClick=${()=>t("duplicate next",()=>P("POST","/webhooks/duplicate-next",{}))}>
        Duplicate the next
      </button>
      <button onClick=${()=>t("hold next",()=>P("POST","/webhooks/hold-next",{}))}>Hold the next</button>
      <button onClick=${()=>t("stale next",()=>P("POST","/webhooks/stale-next",{seconds:600}))}>
        Next one 10 min stale
      </button>
    </div>
    ${e.webhooks.length===0?p`<p class="muted">No webhooks yet.</p>`:e.webhooks.map(n=>p`<details class="webhook" data-testid=${`webhook-${n.id}`}>
            <summary>
              #${n.id} ${U(n.status)} ${n.payload.status} for order #${n.payload.orderId},${" "}
              ${$t(n.payload.amount,n.payload.currency)}${" "}
              <span class="muted">
                ${n.attempts.length} attempt(s)${n.nextAttemptAt?`, next ${T(n.nextAttemptAt)}`:""}
              </span>
            </summary>
            <ol>
              ${n.attempts.map(s=>p`<li>${T(s.at)} ${U(s.outcome)} ${s.detail}</li>`)}
            </ol>
            <h4>Headers</h4>
            <pre>${JSON.stringify(n.headers,null,2)}</pre>
            <h4>Body</h4>
            <pre>${n.rawBody}</pre>
            ${n.url?p`<button
                    onClick=${()=>t(`redeliver ${n.id}`,()=>P("POST",`/webhooks/${n.id}/redeliver`,{}))}
                  >
                  Redeliver
                </button>`:p`<p class="muted">Recorded only: the merchant has no webhook URL.</p>`}
          </details>`)}
  </div>`}function me({snapshot:e}){return p`<div>
    <table class="list">
      <thead>
        <tr><th>user</th><th>PIN</th><th>wrong attempts</th><th>blocked until</th><th>reset sessions</th></tr>
      </thead>
      <tbody>
        ${e.users.map(t=>p`<tr>
            <td>
              #${t.userId}
              <div class="muted">${t.email??""} ${t.phone?`+${t.phone.phoneCode} ${t.phone.phoneNumber}`:""}</div>
            </td>
            <td>${t.hasPin?"set":"not set"}</td>
            <td>${t.wrongAttempts}</td>
            <td>${T(t.blockedUntil)}</td>
            <td>
              ${t.resetSessions.map(n=>p`<div>${U(n.state)} ${n.to}, until ${T(n.expiresAt)}</div>`)}
            </td>
          </tr>`)}
      </tbody>
    </table>
    <h3>One-time codes sent</h3>
    <table class="list">
      <thead><tr><th>code</th><th>to</th><th>sent</th></tr></thead>
      <tbody>
        ${e.otp.map(t=>p`<tr><td><code>${t.code}</code></td><td>${t.to}</td><td>${T(t.sentAt)}</td></tr>`)}
      </tbody>
    </table>
  </div>`}function ve({snapshot:e,act:t}){let[n,s]=x("POST /api/v1/payment-gateway/order/create"),[_,o]=x("error"),[r,i]=x("503");return p`<div>
    <form class="toolbar" onSubmit=${c=>{c.preventDefault();let u={route:n,kind:_};_==="error"&&(u.status=Number(r)),_==="latency"&&(u.delayMs=2e3),t(`fault on ${n}`,()=>P("POST","/faults",u))}}>
      <input aria-label="Route" value=${n} onInput=${c=>s(X(c))} />
      <select aria-label="Kind" value=${_} onChange=${c=>o(c.target.value)}>
        ${["error","latency","network","drop-response"].map(c=>p`<option value=${c}>${c}</option>`)}
      </select>
      ${_==="error"?p`<input
              aria-label="Status"
              size="4"
              value=${r}
              onInput=${c=>i(X(c))}
            />`:""}
      <button type="submit">Add fault</button>
      <button type="button" class="secondary" onClick=${()=>t("clear faults",()=>P("DELETE","/faults"))}>
        Clear
      </button>
    </form>
    ${e.faults.length===0?p`<p class="muted">No active faults.</p>`:p`<ul>
          ${e.faults.map(c=>p`<li>${c.route}: ${c.kind}${c.kind==="error"?` ${c.status}`:""}, ${c.remaining} left</li>`)}
        </ul>`}
  </div>`}function $e({snapshot:e}){let[t,n]=x(""),[s,_]=x("all"),o=e.requests.filter(r=>r.path.includes(t)&&(s==="all"||r.status!==null&&String(r.status)[0]===s[0]||s==="cut"&&r.status===null));return p`<div>
    <div class="toolbar">
      <input
        aria-label="Path filter"
        placeholder="path contains"
        value=${t}
        onInput=${r=>n(X(r))}
      />
      <select aria-label="Status filter" value=${s} onChange=${r=>_(X(r))}>
        ${["all","2xx","4xx","5xx","cut"].map(r=>p`<option value=${r}>${r}</option>`)}
      </select>
    </div>
    <table class="list">
      <thead><tr><th>#</th><th>request</th><th>status</th><th>ms</th><th>idempotency key</th></tr></thead>
      <tbody>
        ${o.map(r=>p`<tr>
            <td>${r.seq}</td>
            <td>
              ${r.method} ${r.path}
              ${r.warnings.length?p`<div class="warning">${r.warnings.join("; ")}</div>`:""}
            </td>
            <td>${r.status??"cut"}</td>
            <td>${r.durationMs.toFixed(1)}</td>
            <td><code>${r.idempotencyKey??""}</code></td>
          </tr>`)}
      </tbody>
    </table>
  </div>`}var vt=[["merchants","Merchants",de],["orders","Orders",pe],["money","Refunds and payouts",he],["webhooks","Webhooks",fe],["pin","PIN users",me],["faults","Faults",ve],["requests","Requests",$e]];function ye(){let[e,t]=x(null),[n,s]=x(null),[_,o]=x(null),[r,i]=x(location.hash.replace("#","")||"merchants"),l=mt(null),c=Vt(async()=>{let d=await P("GET","/snapshot?limit=50");l.current=d.version,t(d)},[]);ft(()=>{let d=!1,a=async()=>{try{let{version:h}=await P("GET","/version");h!==l.current&&await c(),s(null)}catch(h){s(h instanceof Error?h.message:String(h))}d||setTimeout(a,ue)};return a(),()=>{d=!0}},[c]);let u=(d,a)=>{a().then(()=>o(`${d}: done`)).catch(h=>o(`${d}: ${h instanceof Error?h.message:String(h)}`)).finally(()=>{c()})};if(!e)return p`<main><p>${n??"Loading the mock\u2019s state..."}</p></main>`;let m=(vt.find(([d])=>d===r)??vt[0])[2];return p`<main>
    <header>
      <h1>Mock inspector</h1>
      ${n?p`<span class="error" role="alert">${n}</span>`:p`<span class="live">live</span>`}
    </header>
    <${le} snapshot=${e} act=${u} />
    ${_?p`<p class="notice" role="status">${_}</p>`:""}
    <nav role="tablist">
      ${vt.map(([d,a])=>p`<button
          role="tab"
          aria-selected=${r===d}
          onClick=${()=>{i(d),history.replaceState(null,"",`#${d}`)}}
        >
          ${a}
        </button>`)}
    </nav>
    <section role="tabpanel"><${m} snapshot=${e} act=${u} /></section>
  </main>`}ut(p`<${ye} />`,document.getElementById("app"));
